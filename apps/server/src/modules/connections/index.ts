export { type BitcoinCursor, type BitcoinWalletSource, readBitcoinWallet } from './bitcoin-wallet-reader.ts';
export type { ConnectionSync, SyncOutcome } from './connection-sync.ts';
export { registerConnectionRoutes } from './connections.routes.ts';
export { type ConnectionsService, createConnectionsService } from './connections.service.ts';
export { type ConnectionsModule, registerConnectionsModule } from './connections-module.ts';
export type { ExplorerCallOptions } from './explorers.ts';
export { createSourcedRowsRemover } from './sourced-rows.ts';
export type { SyncRunner } from './sync-runner.ts';
export type { FailureNotice, FailureNotifier } from './sync-state.ts';
