/** "1 row", "3 rows": counts read as words in the import summary and buttons. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
