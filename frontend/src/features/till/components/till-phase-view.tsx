import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT, useWords } from '@/i18n/i18n';
import type { TillState } from '../lib/use-till';
import { OfflineRefusalCard } from '../offline/offline-refusal-card';
import { OfflineScanCard } from '../offline/offline-scan-card';
import { CameraScanner } from './camera-scanner';
import { ManualEntry } from './manual-entry';
import { MatchPicker } from './match-picker';
import { offlineRows, onlineRows, PassCard } from './pass-card';
import { PassRefusal, PassSecondFactor } from './pass-refusal';
import { RedeemSuccess } from './redeem-success';
import { TillVoucherCard } from './till-voucher-card';

/** What the till shows for its phase: the entry, the check's answer, the redemption, or an offline answer. */
export function TillPhaseView({ till }: { till: TillState }) {
  const {
    phase,
    setPhase,
    setAnnouncement,
    saleText,
    setSaleText,
    notice,
    cents,
    check,
    redeem,
    queue,
    copy,
    entry,
    reset,
    runCheck,
    runPass,
    pickOffline,
    passScan,
    onTyped,
    onScanned,
    onRedeem,
  } = till;
  const t = useT();
  const words = useWords();

  /**
   * The camera and the typed code box. After a redemption they are there at once, beside the success:
   * the camera passes over the code just redeemed (still held up to it), and a typed code's box takes
   * the focus again so the next one is typed straight away.
   */
  const scanEntry = (afterRedeem: boolean) => (
    <Card
      component="section"
      aria-label={t(afterRedeem ? 'till.entryNext' : 'till.entry')}
      data-testid="till-entry"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <CameraScanner onCode={onScanned} ignore={afterRedeem ? entry.scanned : undefined} />
      <Divider sx={{ color: 'text.secondary' }}>{t('till.orType')}</Divider>
      <ManualEntry onSubmit={onTyped} focusOnShow={afterRedeem && entry.typed} />
    </Card>
  );

  let content: ReactNode;
  switch (phase.kind) {
    case 'scan':
      content = scanEntry(false);
      break;
    case 'checking':
      content = (
        <Card
          sx={{ p: 4, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}
          aria-busy
        >
          <CircularProgress size={28} />
          <Typography sx={{ fontWeight: 600 }}>{t('till.checking')}</Typography>
        </Card>
      );
      break;
    case 'matches':
      content = <MatchPicker matches={phase.matches} onPick={(id) => runCheck(id)} onBack={reset} />;
      break;
    case 'problem':
      content = (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Alert
            severity="error"
            data-testid="till-problem"
            sx={{ color: 'text.primary', fontSize: '1.05rem' }}
          >
            <AlertTitle sx={{ fontWeight: 800 }}>{t('till.notAccepted')}</AlertTitle>
            {phase.message}
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={reset} sx={{ minHeight: 56 }}>
            {t('till.scanAnother')}
          </Button>
        </Box>
      );
      break;
    case 'checked':
      content = (
        <TillVoucherCard
          result={phase.result}
          sale={{ text: saleText, onChange: setSaleText, cents }}
          rechecking={check.isPending}
          redeeming={redeem.isPending}
          onRedeem={onRedeem}
          onScanNext={reset}
          notice={
            notice && (
              <Alert
                severity={notice.severity}
                data-testid="till-redeem-notice"
                sx={{ color: 'text.primary' }}
              >
                {notice.text}
              </Alert>
            )
          }
        />
      );
      break;
    case 'success':
      content = (
        <>
          <RedeemSuccess
            result={phase.result}
            undone={phase.undone}
            focusOnShow={!entry.typed}
            onUndone={(redemption) => {
              setPhase({ ...phase, undone: redemption });
              void copy.refresh();
              setAnnouncement(t('till.undoneAnnouncement', { reference: redemption.reference }));
            }}
          />
          {scanEntry(true)}
        </>
      );
      break;
    case 'offline-checked': {
      const { verdict } = phase;
      content =
        verdict.redeemable && verdict.code ? (
          <OfflineScanCard
            key={`${phase.code}-checked`}
            code={phase.code}
            checked={{ verdict: { ...verdict, code: verdict.code }, listFrom: phase.listFrom }}
            {...(phase.pass ? { pass: phase.pass } : {})}
            queue={queue}
            onSaved={() => setAnnouncement(t('till.offline.saved'))}
            onScanNext={reset}
          />
        ) : (
          <OfflineRefusalCard verdict={verdict} listFrom={phase.listFrom} onScanNext={reset} />
        );
      break;
    }
    case 'pass':
      content = (
        <PassCard
          holder={phase.result.holder}
          photoUrl={phase.result.holder?.photoUrl}
          rows={onlineRows(phase.result.vouchers, words)}
          dailyCap={phase.result.dailyCap}
          onPick={(id) => runCheck(id)}
          onScanNext={reset}
        />
      );
      break;
    case 'offline-pass': {
      const { answer, listFrom } = phase;
      const pass = { memberId: answer.claims.memberId, passStep: answer.claims.step };
      content = (
        <PassCard
          holder={answer.holder}
          rows={offlineRows(answer.vouchers, words)}
          dailyCap={answer.dailyCap}
          listFrom={listFrom}
          onPick={(id) => {
            const verdict = answer.vouchers.find((v) => v.code?.id === id);
            if (verdict) pickOffline(verdict, listFrom, pass);
          }}
          onScanNext={reset}
        />
      );
      break;
    }
    case 'pass-refused':
      content = <PassRefusal refusal={phase.refusal} offline={phase.offline} onScanNext={reset} />;
      break;
    case 'pass-factor':
      content = (
        <PassSecondFactor
          key={phase.code}
          wrong={phase.wrong}
          error={phase.error}
          checking={passScan.isPending}
          onSubmit={(factor) => runPass(phase.code, factor)}
          onCancel={reset}
        />
      );
      break;
    case 'offline':
      content = (
        <OfflineScanCard
          key={phase.code}
          code={phase.code}
          saved={phase.saved}
          queue={queue}
          onSaved={() => setAnnouncement(t('till.offline.saved'))}
          onScanNext={reset}
        />
      );
      break;
  }
  return content;
}
