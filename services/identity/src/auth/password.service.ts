import { randomBytes } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
const OPTIONS = {
  // Algorithm.Argon2id: an ambient const enum, which isolatedModules cannot read at run time.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

@Injectable()
export class PasswordService implements OnModuleInit {
  private dummy: Promise<string> | null = null;

  /**
   * Builds the stand-in hash of `verify` when the service starts: built on first use, it made the first
   * sign-in with an unknown email after each start cost two argon2 runs, twice a wrong password's time.
   */
  async onModuleInit(): Promise<void> {
    await this.dummyHash();
  }

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  /**
   * Checks a password against a stored hash. Without a hash (unknown email, or a user who has none) it
   * still does the work of a check against a throwaway hash, so timing does not tell whether the email
   * exists, and answers false.
   */
  async verify(stored: string | null, password: string): Promise<boolean> {
    if (!stored) {
      await verify(await this.dummyHash(), password).catch(() => false);
      return false;
    }
    return verify(stored, password).catch(() => false);
  }

  /** The stand-in hash; built here, at the latest, when the class is used outside the service (scripts). */
  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(18).toString('base64'));
    return this.dummy;
  }
}
