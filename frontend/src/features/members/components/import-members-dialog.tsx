import type { ImportMembersResponse } from '@avpass/contracts';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRef, useState, type ChangeEvent } from 'react';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { useImportMembers } from '../api/import-members';
import { IMPORT_MAX_BYTES, importFailureOf } from '../lib/import-failure';
import { ImportReport } from './import-report';

/**
 * Import by CSV: choose the file, upload it (apiUpload), then the report: how many were created,
 * updated and unchanged, and each refused row with its number and reason. Importing the same file
 * again changes nothing.
 */
/** The intro's column names stay as the CSV spells them, in bold. */
const COLUMN = '\u0001';

export function ImportMembersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const failureWords = {
    tooLarge: t('members.import.tooLarge'),
    unreadable: t('members.import.unreadable'),
    failed: t('members.import.failed'),
    explain: apiErrorText,
  };
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const importCsv = useImportMembers();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const [report, setReport] = useState<ImportMembersResponse | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    if (importCsv.isPending) return;
    setFile(null);
    setProblem('');
    setReport(null);
    importCsv.reset();
    onClose();
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setReport(null);
    setProblem(chosen && chosen.size > IMPORT_MAX_BYTES ? failureWords.tooLarge : '');
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setProblem('');
    try {
      setReport(await importCsv.mutateAsync(file));
    } catch (error) {
      setProblem(importFailureOf(error, failureWords));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="import-members-title"
    >
      <DialogTitle id="import-members-title">{t('members.import.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('members.import.intro', {
            name: `${COLUMN}name${COLUMN}`,
            email: `${COLUMN}email${COLUMN}`,
            phone: `${COLUMN}phone${COLUMN}`,
          })
            .split(COLUMN)
            .map((part, i) => (i % 2 ? <strong key={i}>{part}</strong> : part))}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={choose}
          data-testid="import-file"
          aria-label={t('members.import.file')}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileRoundedIcon />}
            onClick={() => input.current?.click()}
            disabled={importCsv.isPending}
          >
            {file ? t('members.import.chooseAnother') : t('members.import.choose')}
          </Button>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="import-file-name">
            {file
              ? t('members.import.fileName', {
                  name: file.name,
                  size: formatNumberIn(language, Math.max(1, Math.round(file.size / 1024))),
                })
              : t('members.import.noFile')}
          </Typography>
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="import-problem">
            {problem}
          </Alert>
        )}
        {report && <ImportReport report={report} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} disabled={importCsv.isPending}>
          {report ? t('members.import.done') : t('members.import.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void upload()}
          disabled={!file || importCsv.isPending || (Boolean(problem) && file.size > IMPORT_MAX_BYTES)}
          startIcon={importCsv.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="import-upload"
        >
          {importCsv.isPending ? t('members.import.importing') : t('members.import.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
