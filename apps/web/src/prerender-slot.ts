/**
 * What the terminal's pre-rendered badge says until the server writes the market's state there.
 * The build paints it (prerender.tsx) and lists it with the terminal's shell in shells.json, where
 * the server reads it: nothing else needs to know the text.
 */
export const sourceBadgeSlot = '{{source-badge}}';
