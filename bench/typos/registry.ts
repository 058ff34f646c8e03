/** Unit names for the typo registry, taken from the units toolset when it is present. */
export function unitNames(): string[] {
  return [];
}
