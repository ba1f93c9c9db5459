import type { BrandTokens, navy, teal } from './tokens';

type Scale<T> = { readonly [K in keyof T]: string };

declare module '@mui/material/styles' {
  interface Theme {
    brand: BrandTokens;
  }
  interface ThemeOptions {
    brand?: BrandTokens;
  }
  interface Palette {
    navy: Scale<typeof navy>;
    teal: Scale<typeof teal>;
  }
  interface PaletteOptions {
    navy?: Scale<typeof navy>;
    teal?: Scale<typeof teal>;
  }
}
