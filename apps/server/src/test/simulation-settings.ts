// Test settings come from the environment here, not from the product's configuration.

/**
 * The money simulation's seed (random unless MONEY_SIM_SEED replays one) and length: MONEY_SIM_STEPS, 2,000 in the
 * API suites (each driver); `npm run test:money-sim` runs 100,000 on PostgreSQL.
 */
export function simulationSettings() {
  const seed = Number(process.env.MONEY_SIM_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const steps = Number(process.env.MONEY_SIM_STEPS ?? 2_000);
  return { seed, steps };
}
