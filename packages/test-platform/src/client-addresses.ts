let addresses = 0;
/** A client address of its own, so one case never spends another's rate-limit allowance. */
export function freshAddress(): string {
  const n = ++addresses;
  return `10.${100 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
}
