#!/bin/sh
echo "the printer is out of paper" >&2
exit 3
