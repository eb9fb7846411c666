import { Injectable } from '@nestjs/common';

/** The time source of the service (the seed passes a fixed one). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

export function fixedClock(at: Date): Clock {
  return { now: () => new Date(at.getTime()) };
}
