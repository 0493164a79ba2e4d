export {
  createPageShells,
  type PageShell,
  type PageShells,
  type PageShellsOptions,
  type ShellRequest,
  type ShellUser,
} from './page-shells.ts';
