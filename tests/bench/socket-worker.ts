/** A worker thread of sockets.ts: connects its share of the listeners, watches for the final result, reports. */
import { parentPort, workerData } from 'node:worker_threads';
import { SOCKET_EVENT, type TSocketMessage } from '@gavel/contracts';
import { io, type Socket } from 'socket.io-client';
import { absoluteNow, type WorkerShare } from './sockets.js';
import { pool } from './stats.js';

const share = workerData as WorkerShare;
const port = parentPort;
if (!port) throw new Error('socket-worker runs as a worker thread');

let voteId: string | null = null;
const sockets: Socket[] = [];
const sawAt: (number | null)[] = share.sockets.map(() => null);

/** The final result: a vote.updated for the watched vote, no longer active, with its outcome. */
function isFinalResult(message: TSocketMessage): boolean {
  if (message.kind !== 'vote.updated' || voteId === null) return false;
  const vote = (message.payload as { vote?: { id?: string; is_active?: boolean; outcome?: unknown } }).vote;
  return vote?.id === voteId && vote.is_active === false && vote.outcome != null;
}

async function connect(): Promise<void> {
  await pool(share.sockets, 100, async ({ session, url }, i) => {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      timeout: 30_000,
      extraHeaders: { Cookie: `gavel_session=${session}`, Host: share.host },
    });
    socket.on(SOCKET_EVENT, (message: TSocketMessage) => {
      if (sawAt[i] === null && isFinalResult(message)) sawAt[i] = absoluteNow();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(new Error(`socket ${i} to ${url}: ${err.message}`)));
    });
    const ack = (await socket.timeout(30_000).emitWithAck('join', share.join)) as {
      ok: boolean;
      message?: string;
    };
    if (!ack.ok) throw new Error(`socket ${i} could not join: ${ack.message ?? 'refused'}`);
    sockets.push(socket);
  });
}

port.on('message', (message: { type: 'watch'; voteId: string } | { type: 'report' } | { type: 'close' }) => {
  if (message.type === 'watch') voteId = message.voteId;
  if (message.type === 'report') port.postMessage({ type: 'sawAt', sawAt });
  if (message.type === 'close') {
    for (const socket of sockets) socket.close();
    port.close();
  }
});

connect().then(
  () => port.postMessage({ type: 'ready' }),
  (err: Error) => port.postMessage({ type: 'failed', message: err.message }),
);
