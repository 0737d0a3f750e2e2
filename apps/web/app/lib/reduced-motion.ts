import type { ThemeConfig } from 'antd';

/**
 * Whether the visitor asked the system for less motion, read once in the browser before the page hydrates: the
 * markup is the same either way (only how dialogs, drawers and menus open differs), so hydration takes the
 * visitor's setting from its first render, with no second render that could wipe what was typed meanwhile.
 */
export const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The theme without antd's motion: dialogs, drawers and menus open and close at once. */
export function withoutMotion(theme: ThemeConfig): ThemeConfig {
  return { ...theme, token: { ...theme.token, motion: false } };
}
