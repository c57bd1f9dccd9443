import { useParams } from 'react-router';
import { DevicePage } from '../../features/device/components/device-page.tsx';

/** `/devices/chromebook/:deviceID`: one device. The ID was validated by the route's middleware. */
export function Component() {
  const { deviceID = '' } = useParams();
  return <DevicePage key={deviceID} deviceId={deviceID} />;
}
