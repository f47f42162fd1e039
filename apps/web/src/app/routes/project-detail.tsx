/** Placeholder while the screen is written. */
export default function Screen() {
  return null;
}
