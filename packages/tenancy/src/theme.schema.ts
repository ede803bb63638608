// Theme files (themes/<id>.json): design tokens only, resolved into plain colours at load.
import { z } from 'zod';

export const hexColourSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'bad colour: a colour is #rgb or #rrggbb');
/** A colour token: a hex colour or a reference to a scale step such as "brand.600". */
export const colourTokenSchema = z
  .string()
  .regex(
    /^(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})|[a-z][a-zA-Z0-9]*\.(?:50|[1-9]00))$/,
    'bad colour: a colour is #rgb, #rrggbb or a scale step like brand.600',
  );

const SCALE_STEPS = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
export const colourScaleSchema = z
  .object(Object.fromEntries(SCALE_STEPS.map((s) => [s, hexColourSchema])))
  .strict();

const paletteColour = <T extends z.ZodType>(c: T) => z.object({ main: c, contrastText: c }).strict();

function colourSchemeOf<T extends z.ZodType>(c: T) {
  return z
    .object({
      primary: paletteColour(c),
      secondary: paletteColour(c),
      error: paletteColour(c),
      warning: paletteColour(c),
      info: paletteColour(c),
      success: paletteColour(c),
      background: z.object({ default: c, paper: c }).strict(),
      text: z.object({ primary: c, secondary: c }).strict(),
      divider: c,
      /** The header bar: branded surface with its own text colour. */
      header: z.object({ background: c, text: c }).strict(),
    })
    .strict();
}

export const colourSchemeTokensSchema = colourSchemeOf(colourTokenSchema);
export const resolvedColourSchemeSchema = colourSchemeOf(hexColourSchema);
export type ColourSchemeTokens = z.infer<typeof colourSchemeTokensSchema>;
export type ResolvedColourScheme = z.infer<typeof resolvedColourSchemeSchema>;

export const typographyTokensSchema = z
  .object({
    fontFamily: z.string().min(1),
    headingFontFamily: z.string().min(1).optional(),
    fontSize: z.number().min(12).max(20).default(14),
  })
  .strict();

export const shapeTokensSchema = z.object({ borderRadius: z.number().min(0).max(32) }).strict();

export const themeFileSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/),
    name: z.string().min(1),
    scales: z.record(z.string().regex(/^[a-z][a-zA-Z0-9]*$/), colourScaleSchema),
    colorSchemes: z.object({ light: colourSchemeTokensSchema, dark: colourSchemeTokensSchema }).strict(),
    typography: typographyTokensSchema,
    shape: shapeTokensSchema,
    /** Default logo (path relative to the themes folder), used when a network has none. */
    logo: z.string().optional(),
  })
  .strict();
export type ThemeFile = z.infer<typeof themeFileSchema>;

/** Deep-partial colour scheme a network may put over its theme. */
export const colourSchemeOverridesSchema = z
  .object(
    Object.fromEntries(
      Object.entries(colourSchemeTokensSchema.shape).map(([key, value]) => [
        key,
        value instanceof z.ZodObject ? value.partial().optional() : (value as z.ZodType).optional(),
      ]),
    ),
  )
  .strict();

export const themeOverridesSchema = z
  .object({
    light: colourSchemeOverridesSchema.optional(),
    dark: colourSchemeOverridesSchema.optional(),
    typography: typographyTokensSchema.partial().optional(),
    shape: shapeTokensSchema.partial().optional(),
  })
  .strict();
export type ThemeOverrides = z.infer<typeof themeOverridesSchema>;

/** What the web app receives: every colour a hex value, overrides applied. */
export const resolvedThemeSchema = z.object({
  id: z.string(),
  colorSchemes: z.object({ light: resolvedColourSchemeSchema, dark: resolvedColourSchemeSchema }),
  typography: z.object({
    fontFamily: z.string(),
    headingFontFamily: z.string().optional(),
    fontSize: z.number(),
  }),
  shape: shapeTokensSchema,
});
export type ResolvedTheme = z.infer<typeof resolvedThemeSchema>;
