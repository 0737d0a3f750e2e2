import { useSyncExternalStore } from 'react';
import type { TVodVideo } from '#contract/vod.ts';

/**
 * hashing: the MD5 identifier is being computed; waiting: queued behind another file; uploading; paused (by the
 * lecturer); offline (the network dropped, continues by itself); needFile (known from before a reload: the same
 * file must be chosen again); done; failed (msg says why); cancelled.
 */
export type UploadStatus =
  'hashing' | 'waiting' | 'uploading' | 'paused' | 'offline' | 'needFile' | 'done' | 'failed' | 'cancelled';

/** The lesson draft an uploaded video is linked to. */
export interface UploadTarget {
  periodId: string;
  periodName: string;
}

export interface UploadItem {
  /** Local key of this upload in the queue. */
  key: string;
  fileName: string;
  size: number;
  lastModified: number;
  /** The file's MD5 (the protocol's identifier), empty until computed. */
  identifier: string;
  target: UploadTarget | null;
  status: UploadStatus;
  /** 0–100: of the bytes the server holds; while hashing, of the bytes hashed. */
  percent: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  msg: string;
  video: TVodVideo | null;
}

/** Spec's upload state: the upload being worked on and the queue. */
export interface UploadsState {
  uploadStatusId: string | null;
  uploads: UploadItem[];
}

let state: UploadsState = { uploadStatusId: null, uploads: [] };
const listeners = new Set<() => void>();
const EMPTY: UploadsState = { uploadStatusId: null, uploads: [] };

function emit(): void {
  for (const l of listeners) l();
}

export const uploadStore = {
  get: (): UploadsState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: UploadsState): void {
    state = next;
    emit();
  },
  add(item: UploadItem): void {
    this.set({ ...state, uploads: [...state.uploads, item] });
  },
  patch(key: string, patch: Partial<UploadItem>): void {
    this.set({ ...state, uploads: state.uploads.map((u) => (u.key === key ? { ...u, ...patch } : u)) });
  },
  remove(key: string): void {
    this.set({
      uploadStatusId: state.uploadStatusId === key ? null : state.uploadStatusId,
      uploads: state.uploads.filter((u) => u.key !== key),
    });
  },
  find: (key: string): UploadItem | undefined => state.uploads.find((u) => u.key === key),
};

/** The whole queue; the server render sees an empty one. */
export function useUploads(): UploadsState {
  return useSyncExternalStore(uploadStore.subscribe, uploadStore.get, () => EMPTY);
}

const ACTIVE: readonly UploadStatus[] = ['hashing', 'waiting', 'uploading', 'paused', 'offline', 'needFile', 'failed'];

/** The latest upload aimed at a lesson, for showing its progress beside the lesson; null when there is none. */
export function usePeriodUpload(periodId: string): { status: UploadStatus; percent: number } | null {
  const item = useSyncExternalStore(
    uploadStore.subscribe,
    () => latestFor(uploadStore.get(), periodId),
    () => undefined,
  );
  return item ? { status: item.status, percent: item.percent } : null;
}

function latestFor(s: UploadsState, periodId: string): UploadItem | undefined {
  for (let i = s.uploads.length - 1; i >= 0; i--) {
    const u = s.uploads[i]!;
    if (u.target?.periodId === periodId && (ACTIVE.includes(u.status) || u.status === 'done')) return u;
  }
  return undefined;
}
