/** Why the camera cannot scan, as the till says it (the manual entry below always works). */
export type CameraProblem = 'refused' | 'absent' | 'insecure' | 'busy' | 'scanner' | 'failed';

export const CAMERA_MESSAGES: Record<CameraProblem, { title: string; text: string }> = {
  refused: {
    title: 'Camera access was refused',
    text: 'Allow the camera for this site in the browser settings, or type the code below.',
  },
  absent: { title: 'No camera found', text: 'This device has no camera we can use. Type the code below.' },
  insecure: {
    title: 'The camera needs a secure connection',
    text: 'Open the till over https to scan. Until then, type the code below.',
  },
  busy: {
    title: 'The camera is in use',
    text: 'Another app is using the camera. Close it and try again, or type the code below.',
  },
  scanner: {
    title: 'The scanner could not start',
    text: 'Reload the page to try again, or type the code below.',
  },
  failed: { title: 'The camera could not start', text: 'Try again, or type the code below.' },
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
