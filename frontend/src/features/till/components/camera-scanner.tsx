import FlashlightOffRoundedIcon from '@mui/icons-material/FlashlightOffRounded';
import FlashlightOnRoundedIcon from '@mui/icons-material/FlashlightOnRounded';
import NoPhotographyOutlinedIcon from '@mui/icons-material/NoPhotographyOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  CAMERA_MESSAGES,
  cameraProblemOf,
  hasTorch,
  REAR_CAMERA,
  setTorch,
  type CameraProblem,
} from '../lib/camera';
import { loadQrDetector } from '../lib/qr-detector';
import { useT } from '@/i18n/i18n';

/** How often a frame is read (a QR held still is found within a few reads). */
const SCAN_INTERVAL_MS = 200;

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'problem'; problem: CameraProblem };

/**
 * The rear camera's picture with an aiming frame; every few frames it looks for a QR code and hands
 * the first text it reads to `onCode` (once: the till then shows the voucher and this unmounts, which
 * stops the camera). A refused or missing camera says so in words; the manual entry stays below.
 */
export function CameraScanner({
  onCode,
  ignore,
}: {
  onCode: (text: string) => void;
  /** A code read that is passed over (the one just redeemed, still held up to the camera). */
  ignore?: string | undefined;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | undefined>(undefined);
  const onCodeRef = useRef(onCode);
  const ignoreRef = useRef(ignore);
  useEffect(() => {
    onCodeRef.current = onCode;
    ignoreRef.current = ignore;
  }, [onCode, ignore]);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const t = useT();
  const [torchAvailable, setTorchAvailable] = useState(false);
  const [torchOn, setTorchOn] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'problem', problem: window.isSecureContext ? 'absent' : 'insecure' });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia(REAR_CAMERA);
      } catch (error) {
        if (!stopped) setState({ kind: 'problem', problem: cameraProblemOf(error) });
        return;
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop());
      const video = videoRef.current;
      if (!video) return;
      const [track] = stream.getVideoTracks();
      trackRef.current = track;
      setTorchAvailable(hasTorch(track));
      video.srcObject = stream;
      await video.play().catch(() => undefined);

      let detector;
      try {
        detector = await loadQrDetector();
      } catch {
        if (!stopped) setState({ kind: 'problem', problem: 'scanner' });
        return;
      }
      if (stopped) return;
      setState({ kind: 'scanning' });
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= 2 && video.videoWidth > 0) {
          const found = await detector.detect(video).catch(() => [] as string[]);
          if (stopped) return;
          if (found[0] && found[0] !== ignoreRef.current) {
            stopped = true;
            onCodeRef.current(found[0]);
            return;
          }
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    }

    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      trackRef.current = undefined;
      setTorchOn(false);
    };
  }, [attempt]);

  async function toggleTorch() {
    const track = trackRef.current;
    if (!track) return;
    try {
      await setTorch(track, !torchOn);
      setTorchOn(!torchOn);
    } catch {
      setTorchAvailable(false);
    }
  }

  if (state.kind === 'problem') {
    const message = CAMERA_MESSAGES[state.problem];
    return (
      <Alert
        severity="warning"
        icon={<NoPhotographyOutlinedIcon />}
        data-testid="camera-problem"
        sx={{ color: 'text.primary', alignItems: 'flex-start' }}
        action={
          state.problem === 'failed' || state.problem === 'busy' ? (
            <Button
              color="inherit"
              onClick={() => {
                setState({ kind: 'starting' });
                setAttempt((n) => n + 1);
              }}
              sx={{ minHeight: 44 }}
            >
              {t('till.camera.retry')}
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>{t(message.title)}</AlertTitle>
        {t(message.text)}
      </Alert>
    );
  }

  return (
    <Box
      component="section"
      aria-label={t('till.camera.region')}
      data-testid="camera-scanner"
      data-state={state.kind}
      sx={(theme) => ({
        position: 'relative',
        width: '100%',
        aspectRatio: '4 / 3',
        maxHeight: '52dvh',
        borderRadius: 4,
        overflow: 'hidden',
        backgroundColor: theme.palette.navy[950],
      })}
    >
      <Box
        component="video"
        ref={videoRef}
        muted
        playsInline
        autoPlay
        aria-label={t('till.camera.picture')}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      {/* The aiming frame: hold the member's QR inside it. */}
      <Box
        aria-hidden
        sx={(theme) => ({
          position: 'absolute',
          inset: 0,
          m: 'auto',
          width: '62%',
          aspectRatio: '1',
          maxHeight: '80%',
          borderRadius: 3,
          border: `3px solid ${theme.palette.secondary.main}`,
          boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.35)',
        })}
      />
      <Box
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          p: 1.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          color: 'common.white',
          background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.7))',
        }}
      >
        <Typography sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
          {/* Decoration: the words beside it say what is happening (a progressbar needs a name, axe). */}
          {state.kind === 'starting' && <CircularProgress size={18} color="inherit" aria-hidden />}
          {t(state.kind === 'starting' ? 'till.camera.starting' : 'till.camera.point')}
        </Typography>
        {torchAvailable && (
          <Button
            variant="contained"
            color="secondary"
            onClick={() => void toggleTorch()}
            aria-pressed={torchOn}
            startIcon={torchOn ? <FlashlightOffRoundedIcon /> : <FlashlightOnRoundedIcon />}
            data-testid="torch-toggle"
            sx={{ minHeight: 48, flexShrink: 0 }}
          >
            {t('till.camera.torch')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
