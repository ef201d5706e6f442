/**
 * The source of a new cloud function. It uses only Python's standard library (urllib), because the
 * requirements line is recorded, not installed (pip packages cannot be installed offline). The
 * function receives its hosts and tokens as environment variable pairs (docs/contract.md):
 * HISTORIAN_, WRITEAPI_, MAPPINGSMANAGER_ and CLOUD_META_DATA_ HOST/TOKEN. A HOST is a base URL
 * (a bare host name gets https://).
 */
export const DEFAULT_FUNCTION_SOURCE = `"""A cloud function: main(request) is called with the request (a dict)."""
import json
import os
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone


class DataAccess:
    """Reads historic values from the historian and writes values through the write API."""

    def __init__(self):
        self.services = {
            name: (os.environ.get(name + "_HOST", ""), os.environ.get(name + "_TOKEN", ""))
            for name in ("HISTORIAN", "WRITEAPI", "MAPPINGSMANAGER", "CLOUD_META_DATA")
        }

    def _call(self, service, path, body=None, query=None):
        host, token = self.services[service]
        if not host:
            raise RuntimeError(service + "_HOST is not set")
        base = host if "://" in host else "https://" + host
        url = base.rstrip("/") + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
        request.add_header("Authorization", "Bearer " + token)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=20) as response:
            text = response.read().decode("utf-8")
            return json.loads(text) if text else None

    def controllers(self):
        """The sites this function may use: [{uuid, name, hostname, ...}]."""
        return self._call("CLOUD_META_DATA", "/controllers")["data"]

    def historic_values(self, controller_id, tag, start, end):
        """[{ts, v}] between start and end (datetimes), with one point beyond each end."""
        path = "/%s/timeseries/%s" % (controller_id, urllib.parse.quote(tag, safe=""))
        query = {"from": start.isoformat(), "to": end.isoformat(), "time_format": "epoch"}
        return self._call("HISTORIAN", path, query=query)

    def write_value(self, controller_id, tag, value, timestamp=None):
        """Writes a number (or a text) to a tag of a controller."""
        when = (timestamp or datetime.now(timezone.utc)).isoformat()
        if isinstance(value, str):
            body = {"timestamp": when, "dataType": "string", "valueText": value}
        else:
            body = {"timestamp": when, "dataType": "number", "value": value}
        path = "/v1/controllers/%s/tags/%s" % (controller_id, urllib.parse.quote(tag, safe=""))
        self._call("WRITEAPI", path, body=body)


def main(request):
    """Averages a tag over the last 24 hours and writes the average to another tag."""
    data = DataAccess()
    controller_id = request.get("controllerId") or data.controllers()[0]["uuid"]
    tag = request.get("tag", "RT401")
    output_tag = request.get("outputTag", tag + "_avg24h")

    end = datetime.now(timezone.utc)
    points = data.historic_values(controller_id, tag, end - timedelta(hours=24), end)
    values = [point["v"] for point in points]
    if not values:
        return {"controllerId": controller_id, "tag": tag, "points": 0}
    average = round(sum(values) / len(values), 2)
    data.write_value(controller_id, output_tag, average)
    print("%s %s: %d points, average %s written to %s" % (controller_id, tag, len(values), average, output_tag))
    return {"controllerId": controller_id, "tag": tag, "points": len(values), "average": average, "written": output_tag}
`;
