export { useRenderedImage, type QrImageState } from '@/components/downloads/use-rendered-image';
