// The part of `qrcode` (which ships no types) that the authenticator setup uses.
declare module 'qrcode' {
  // biome-ignore lint/suspicious/noShadowRestrictedNames: the library's own export name.
  export function toString(
    text: string,
    options?: {
      type?: 'svg' | 'utf8' | 'terminal';
      margin?: number;
      errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    },
  ): Promise<string>;
}
