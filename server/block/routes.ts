import type { FastifyInstance } from 'fastify';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { type BlockContext, blockDetail, blocksForStaff, buyBlock, closeBlock, listBlocks, purchasesPage, saveBlock } from './blocks.ts';

// The block-trade desk. Each user handler passes the caller's own id, so no command reaches
// another user's purchases by changing an id; staff roles are in contract/block.ts.
export function registerBlockRoutes(app: FastifyInstance, authenticators: Authenticators, context: BlockContext): void {
  registerCommand(app, authenticators, 'block/list', () => listBlocks(context));
  registerCommand(app, authenticators, 'block/detail', ({ body, session }) => blockDetail(context, session.userId, BigInt(body.block_id)));
  registerCommand(app, authenticators, 'block/buy', ({ body, session }) =>
    buyBlock(context, session, { blockId: BigInt(body.block_id), quantity: BigInt(body.quantity), idempotencyKey: body.idempotency_key }),
  );
  registerCommand(app, authenticators, 'block/purchases', ({ body, session }) => purchasesPage(context, session.userId, body.page, body.positions));

  registerCommand(app, authenticators, 'admin/block/list', ({ body }) => blocksForStaff(context, body.page));
  registerCommand(app, authenticators, 'admin/block/save', ({ body, session }) => saveBlock(context, session, body));
  registerCommand(app, authenticators, 'admin/block/close', ({ body, session }) => closeBlock(context, session, body));
}
