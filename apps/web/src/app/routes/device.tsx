import { useParams } from 'react-router';
import { DeviceOverview } from '../../features/device/components/device-overview.tsx';

/** `/devices/chromebook/:deviceID`: one device. The ID was validated by the route's middleware. */
export function Component() {
  const { deviceID = '' } = useParams();
  return (
    <>
      <title>{`Chromebook ${deviceID} · Fleetdeck`}</title>
      <DeviceOverview deviceId={deviceID} />
    </>
  );
}
