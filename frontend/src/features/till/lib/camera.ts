import type { MessageId } from '@/i18n/message-id';

/** Why the camera cannot scan, as the till says it (the manual entry below always works). */
export type CameraProblem = 'refused' | 'absent' | 'insecure' | 'busy' | 'scanner' | 'failed';

/** Each problem's title and text: keys of the till catalog. */
export const CAMERA_MESSAGES: Record<CameraProblem, { title: MessageId; text: MessageId }> = {
  refused: { title: 'till.camera.problem.refused', text: 'till.camera.problemText.refused' },
  absent: { title: 'till.camera.problem.absent', text: 'till.camera.problemText.absent' },
  insecure: { title: 'till.camera.problem.insecure', text: 'till.camera.problemText.insecure' },
  busy: { title: 'till.camera.problem.busy', text: 'till.camera.problemText.busy' },
  scanner: { title: 'till.camera.problem.scanner', text: 'till.camera.problemText.scanner' },
  failed: { title: 'till.camera.problem.failed', text: 'till.camera.problemText.failed' },
};

/** getUserMedia's error, as one of the problems above. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'refused';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'absent';
    case 'NotReadableError':
    case 'AbortError':
    case 'TrackStartError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** The rear camera where there is one; any camera otherwise (a laptop at the counter). */
export const REAR_CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

/** Whether the track can turn its torch on (most Android phones' rear camera). */
export function hasTorch(track: MediaStreamTrack | undefined): boolean {
  try {
    return Boolean((track?.getCapabilities?.() as TorchCapabilities | undefined)?.torch);
  } catch {
    return false;
  }
}

export function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  return track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
