/**
 * Durations of the interface's motion (spec §9). The CSS uses the same values as custom
 * properties (`--transition`, `--blink` in global.css); with `prefers-reduced-motion` the global
 * rule drops the transition, so a highlight appears and goes without fading.
 */
export const TRANSITION_MS = 250;
export const BLINK_MS = 1000;
