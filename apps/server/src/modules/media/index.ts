// The media module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { processProfilePicture } from './image-processing.ts';
export { createMediaRepository, type MediaRepository } from './media.repository.ts';
export { mediaPath, mediaRoutes } from './media.routes.ts';
