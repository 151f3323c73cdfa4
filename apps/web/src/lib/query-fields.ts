import { BoolParam } from "@matchdesk/contract";
import type { z } from "zod";

/**
 * A list page's URL filters as plain data: what each one may hold and its default. It is computed
 * from the contract's query schema (`queryFields`), in the build by `build-time-data.ts`, so a page
 * reads its URL without loading zod and the contract's schemas (`url-filters.ts`).
 */
export type FieldSpec<V> = { default?: V; list?: true } & (
  | { kind: "text"; min?: number; max?: number }
  | { kind: "int"; min?: number; max?: number }
  | { kind: "enum"; values: readonly NonNullable<V>[] }
  | { kind: "bool" }
);
export type QueryFields<T> = { readonly [K in keyof T]-?: FieldSpec<T[K]> };

/** The fields of a query schema (an object of optional, defaulted, enum, string, coerced int, BoolParam or arrays of those). */
export function queryFields<S extends z.ZodObject>(schema: S): QueryFields<z.output<S>> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, fieldSpec(key, field as z.ZodType)]),
  ) as QueryFields<z.output<S>>;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  defaultValue?: unknown;
  element?: z.ZodType;
  coerce?: boolean;
};
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function fieldSpec(key: string, schema: z.ZodType): FieldSpec<unknown> {
  let inner = schema;
  let fallback: unknown;
  for (let def = defOf(inner); def.type === "optional" || def.type === "default"; def = defOf(inner)) {
    if (def.type === "default") fallback = def.defaultValue;
    inner = def.innerType as z.ZodType;
  }
  const list = defOf(inner).type === "array";
  if (list) inner = defOf(inner).element as z.ZodType;
  return {
    ...kindOf(key, inner),
    ...(list ? { list: true as const } : {}),
    ...(fallback === undefined ? {} : { default: fallback }),
  };
}

/** The checks the codec applies (`url-filters.ts`): trimming, lengths, whole numbers and bounds. */
const MODELLED_CHECKS = new Set([
  "overwrite",
  "min_length",
  "max_length",
  "number_format",
  "greater_than",
  "less_than",
]);

function kindOf(key: string, schema: z.ZodType): FieldSpec<unknown> {
  if (schema === BoolParam) return { kind: "bool" };
  const def = defOf(schema);
  for (const check of (def as { checks?: { _zod: { def: { check: string } } }[] }).checks ?? []) {
    const name = check._zod.def.check;
    if (!MODELLED_CHECKS.has(name))
      throw new Error(`queryFields: "${key}" has a ${name} check, which a URL filter does not apply`);
  }
  if (def.type === "string") {
    const { minLength, maxLength } = schema as z.ZodString;
    return { kind: "text", ...bounds(minLength, maxLength) };
  }
  if (def.type === "number" && def.coerce && (schema as z.ZodNumber).isInt) {
    const { minValue, maxValue } = schema as z.ZodNumber;
    return { kind: "int", ...bounds(minValue, maxValue) };
  }
  if (def.type === "enum") return { kind: "enum", values: (schema as z.ZodEnum).options };
  throw new Error(`queryFields: "${key}" (${def.type}) cannot be a URL filter`);
}

const bounds = (min: number | null, max: number | null) => ({
  ...(min === null ? {} : { min }),
  ...(max === null ? {} : { max }),
});

/** The values an enum filter may hold: a select's options. */
export function optionsOf<V>(spec: FieldSpec<V>): readonly NonNullable<V>[] {
  if (spec.kind !== "enum") throw new Error(`optionsOf: a ${spec.kind} filter has no options`);
  return spec.values;
}
