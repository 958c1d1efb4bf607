import type { Server, Socket } from 'socket.io';
import type { StreamQuote, TickFrame } from '../../../contract/market.ts';

// Connections with the same set of codes share a room (an audience), so a frame is encoded
// once per audience, not once per client (see streamServer.ts).

const setRoomPrefix = 'set:';

interface Audience {
  key: string;
  codes: ReadonlySet<string>;
  members: number;
  pending: StreamQuote[];
}

/** What an audience member carries: its socket and the key of the audience it is in. */
export interface AudienceMember {
  socket: Socket;
  setKey: string | null;
}

export function createAudiences(io: Server, exceptRoom: string) {
  const audiences = new Map<string, Audience>();
  const audiencesByCode = new Map<string, Set<Audience>>();

  function leave(member: AudienceMember): void {
    const key = member.setKey;
    if (key === null) return;
    member.setKey = null;
    void member.socket.leave(setRoomPrefix + key);
    const audience = audiences.get(key);
    if (!audience || --audience.members > 0) return;
    audiences.delete(key);
    for (const code of audience.codes) audiencesByCode.get(code)?.delete(audience);
  }

  /** Moves the member to the audience of `codes` (none when empty). */
  function join(member: AudienceMember, codes: ReadonlySet<string>): void {
    leave(member);
    if (codes.size === 0) return;
    const key = [...codes].sort().join(',');
    let audience = audiences.get(key);
    if (!audience) {
      audience = { key, codes: new Set(codes), members: 0, pending: [] };
      audiences.set(key, audience);
      for (const code of audience.codes) {
        let forCode = audiencesByCode.get(code);
        if (!forCode) audiencesByCode.set(code, (forCode = new Set()));
        forCode.add(audience);
      }
    }
    audience.members += 1;
    member.setKey = key;
    void member.socket.join(setRoomPrefix + key);
  }

  /** Sends each audience the frame's quotes it subscribed to, one broadcast per audience. */
  function publish(frame: TickFrame): void {
    if (audiences.size === 0) return;
    const touched = new Set<Audience>();
    for (const quote of frame.quotes) {
      const forCode = audiencesByCode.get(quote[0]);
      if (!forCode) continue;
      for (const audience of forCode) {
        audience.pending.push(quote);
        touched.add(audience);
      }
    }
    for (const audience of touched) {
      const quotes = audience.pending;
      audience.pending = [];
      io.local.to(setRoomPrefix + audience.key).except(exceptRoom).emit('ticks', { sentAt: frame.sentAt, quotes } satisfies TickFrame);
    }
  }

  return { join, leave, publish };
}
