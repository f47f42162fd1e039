// Password logins while many large pictures are uploaded at once: picture decoding must never starve
// password hashing. Prints login latency alone, then with `uploads` parallel uploads of a 4096 px
// square (the largest accepted side) repeated, and how the uploads were answered.
// Run after `npm run build`: node bench/uploads-vs-logins.mjs [uploads=16] [logins=40]
import sharp from 'sharp';
import { createAccount, startServer } from './harness.mjs';

const uploads = Number(process.argv[2] ?? 16);
const logins = Number(process.argv[3] ?? 40);
const password = 'BenchMark2026';
const { base, stop } = await startServer(3192, { SEED_DEMO: '0' });

const post = (path, body, token) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function loginLatencies(email) {
  const latencies = [];
  for (let index = 0; index < logins; index += 1) {
    const started = performance.now();
    const response = await post('/api/auth/enhanced-login', { email, password });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))].toFixed(0);
  return `p50 ${at(0.5)} ms · p95 ${at(0.95)} ms · max ${latencies.at(-1).toFixed(0)} ms`;
}

try {
  const [loginAccount, ...uploaders] = await Promise.all(
    Array.from({ length: uploads + 1 }, (_, index) => createAccount(base, { label: 'upload', index, password })),
  );
  const picture = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const imageData = `data:image/png;base64,${picture.toString('base64')}`;
  console.log(`picture: 4096 × 4096 PNG, ${(picture.length / 1024).toFixed(0)} KB`);
  console.log(`logins alone (${logins} in a row): ${await loginLatencies(loginAccount.email)}`);

  let stopUploads = false;
  const answers = {};
  const uploadLoop = async (account) => {
    while (!stopUploads) {
      const response = await post('/api/profile/picture/upload', { image_data: imageData }, account.token);
      await response.arrayBuffer();
      answers[response.status] = (answers[response.status] ?? 0) + 1;
      if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 1000));
      if (response.status === 429) return;
    }
  };
  const running = uploaders.map(uploadLoop);
  await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(`logins during ${uploads} parallel uploads: ${await loginLatencies(loginAccount.email)}`);
  stopUploads = true;
  await Promise.all(running);
  console.log(`upload answers: ${JSON.stringify(answers)}`);
} finally {
  await stop();
}
