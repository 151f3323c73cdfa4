import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

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

export const theme = createTheme({
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
