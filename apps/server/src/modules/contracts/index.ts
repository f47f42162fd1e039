// The contracts module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { type ContractRow, type ContractsRepository, createContractsRepository, fundedBetween, pairKey } from './contracts.repository.ts';
export { insertContracts, type NewContract } from './contracts.repository.ts';
