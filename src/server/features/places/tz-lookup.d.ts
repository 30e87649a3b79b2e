// tz-lookup ships no types: one function from a point to its IANA zone name.
declare module 'tz-lookup' {
  export default function tzLookup(lat: number, lon: number): string;
}
