import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import type { AppConfig } from '../../env';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const FILE_NAME = 'vapid.json';

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  const pair = value as { publicKey?: unknown; privateKey?: unknown } | null;
  return typeof pair?.publicKey === 'string' && typeof pair.privateKey === 'string';
}

/**
 * The server's VAPID key pair (docs/decisions/150-push-reminders.md): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
 * when set, else `DATA_DIR/vapid.json`, generated on the first start (mode 0600, written to a temporary
 * file and hard-linked into place: the link fails when the file exists, so of two instances starting
 * at once the first wins and the other reads its keys back; nobody reads half a file). Every instance must use the same pair: a browser subscribed with one
 * public key refuses pushes signed with another — with several instances, set the variables.
 */
export async function loadVapidKeys(config: Pick<AppConfig, 'dataDir' | 'push'>): Promise<VapidKeys> {
  const { subject } = config.push;
  if (config.push.vapid) return { ...config.push.vapid, subject };
  const file = path.join(config.dataDir, FILE_NAME);
  const existing = await readKeys(file);
  if (existing) return { ...existing, subject };
  await mkdir(config.dataDir, { recursive: true });
  const generated = webPush.generateVAPIDKeys();
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  const stored = await readKeys(file);
  if (!stored) throw new Error(`${file} vanished while it was being created`);
  return { ...stored, subject };
}

async function readKeys(file: string): Promise<{ publicKey: string; privateKey: string } | null> {
  try {
    const text = await readFile(file, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined; // not JSON: the same operator's message as JSON that is not a key pair
    }
    if (!isKeyPair(parsed))
      throw new Error(`${file} is not a VAPID key pair: delete it to generate new keys (subscribed browsers must subscribe again)`);
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const loaded = new WeakMap<object, Promise<VapidKeys>>();

/** `loadVapidKeys` once per configuration (the routes and the worker of one process share the keys). */
export function vapidKeysFor(config: Pick<AppConfig, 'dataDir' | 'push'>): Promise<VapidKeys> {
  let keys = loaded.get(config);
  if (!keys) {
    keys = loadVapidKeys(config);
    loaded.set(config, keys);
    // A failed load (an unreadable file) is tried again by the next caller.
    keys.catch(() => loaded.delete(config));
  }
  return keys;
}
