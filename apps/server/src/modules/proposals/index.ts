// The proposals module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { proposalsRoutes } from './proposals.routes.ts';
export { createProposalsService, type ProposalsService } from './proposals.service.ts';
export { insertProposals, type NewProposal, type ProposalRow } from './proposals.repository.ts';
