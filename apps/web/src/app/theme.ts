import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";

// One warm primary: a deep rose that darkens to burgundy. Shade 7 carries white text at over 6:1.
const rose: MantineColorsTuple = [
  "#fcf1f4",
  "#f5e0e6",
  "#eabdca",
  "#df98ad",
  "#d47893",
  "#c95f7e",
  "#b84a6b",
  "#9d3a5b",
  "#8f2d4f",
  "#741f3e",
];

const BRIGHT = ["yellow", "orange", "lime", "teal", "green", "cyan"];

/**
 * Light variants (badges, light buttons) write their text in the colour's darkest shade, which on
 * its own tint falls under WCAG AA for the bright hues (yellow 2.7:1, teal 4.3:1 at badge size):
 * darkened further, every hue reads above 4.5:1. Filled bright hues take their darkest shade.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === input.theme.primaryColor) return colors;
  const shades = input.theme.colors[parsed.color]!;
  const bright = BRIGHT.includes(parsed.color);
  if (input.variant === "light") return { ...colors, color: darken(shades[9], bright ? 0.45 : 0.25) };
  // White on a bright hue's default shade is near 3:1 (white on teal 6: 3.1:1); its darkest shade holds 4.5:1.
  if (input.variant === "filled" && bright && !parsed.shade) {
    return { ...colors, background: shades[9], hover: darken(shades[9], 0.1), color: "#fff" };
  }
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: "rose",
  primaryShade: 7,
  colors: { rose },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: {
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontWeight: "700",
  },
  defaultRadius: "md",
  cursorType: "pointer",
  focusRing: "auto",
  components: {
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { radius: "lg", withBorder: true, padding: "xl" } },
    Paper: { defaultProps: { radius: "lg" } },
  },
});

/** Mantine's "dimmed" grey is 3.3:1 on white; this one keeps secondary text above WCAG AA (5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "#6a7077" },
  dark: {},
});
