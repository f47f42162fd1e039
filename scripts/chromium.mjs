// Finds the system Chromium for the browser journeys, installing Debian's package when this process may.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** How the project's scripts start Chromium headless here: no sandbox (root), no GPU, and none of its own calls home. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const findChromium = () => candidates.find((candidate) => fs.existsSync(candidate));

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canInstall) {
    throw new Error(
      "Chromium is missing. Install Debian's chromium package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed; install Chromium by hand (apt-get install chromium).`);
  }
  const installed = findChromium();
  if (!installed) throw new Error('Chromium was installed but /usr/bin/chromium is not there; set CHROMIUM_PATH.');
  return installed;
}
