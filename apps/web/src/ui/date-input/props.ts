import type { ReactNode, Ref } from "react";

export type LocalizedDateInputProps = {
  label: string;
  /** An ISO day, `YYYY-MM-DD`, or nothing. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** The first and last days that can be chosen, ISO days. */
  min?: string;
  max?: string;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Whether erasing the text clears the value (a field that may stay empty). */
  allowEmpty?: boolean;
};

export type LocalizedDateTimeInputProps = {
  label: string;
  timeLabel: string;
  /** A local date-time, `YYYY-MM-DDTHH:mm`, or "" while incomplete. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  id?: string;
};
