#!/bin/sh
echo "not JSON: ignored"
echo '{"code": "inProgress", "driver": "Sam"}'
sleep 0.3
echo '{"eta": 4}'
