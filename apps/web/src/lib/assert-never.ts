/** The default branch of an exhaustive switch: the compiler reports a case that is not handled. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
