/** Mozilla's common-password list (fxa-common-password-list ships no types). */
declare module 'fxa-common-password-list' {
  /** Whether `password` is on the list (compared as given). */
  export function test(password: string): boolean;
}
