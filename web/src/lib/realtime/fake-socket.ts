import type { TJoinAck } from '@gavel/contracts';

type Listener = (...args: unknown[]) => void;

/** A stand-in for a socket.io client socket in component tests: the test plays the server. */
export class FakeSocket {
  connected = false;
  joins: unknown[] = [];
  ack: TJoinAck = { ok: true, channel: 'meeting.mt-1' };
  private listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  timeout() {
    return this;
  }
  async emitWithAck(event: string, payload: unknown): Promise<unknown> {
    if (event === 'join') this.joins.push(payload);
    return this.ack;
  }
  emit() {
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  connects = 0;
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  /** Server side: fire an event at the client. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}
