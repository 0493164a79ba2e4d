export { registerInstanceRoutes } from './instance.routes.ts';
export {
  createInstanceService,
  type InstanceService,
  type InstanceServiceDeps,
  type JobHealth,
} from './instance.service.ts';
export { createSignupGate } from './signup-gate.ts';
