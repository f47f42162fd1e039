// The reviews module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createReviewsRepository } from './reviews.repository.ts';
export { reviewsRoutes } from './reviews.routes.ts';
export { createReviewsService } from './reviews.service.ts';
