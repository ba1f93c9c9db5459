import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useT } from '@/i18n/i18n';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Controlled visibility (the password generator reveals what it wrote); uncontrolled otherwise. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
};

/** A password input with a show/hide toggle. */
export function PasswordField({ visible, onVisibleChange, slotProps, label, ...props }: PasswordFieldProps) {
  const t = useT();
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = () => {
    const next = !shown;
    if (onVisibleChange) onVisibleChange(next);
    if (visible === undefined) setOwnVisible(next);
  };
  const name = typeof label === 'string' ? label.toLowerCase() : t('staff.form.passwordName');

  return (
    <TextField
      {...props}
      label={label}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={shown ? t('staff.form.hidePassword') : t('staff.form.showPassword')}>
                <IconButton
                  edge="end"
                  onClick={toggle}
                  onMouseDown={(event) => event.preventDefault()}
                  aria-label={t('staff.form.togglePassword', { name })}
                  aria-pressed={shown}
                >
                  {shown ? <VisibilityOffOutlinedIcon /> : <VisibilityOutlinedIcon />}
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
