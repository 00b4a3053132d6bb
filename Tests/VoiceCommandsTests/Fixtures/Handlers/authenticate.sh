#!/bin/sh
# Succeeds when the token file named by the first argument exists.
test -e "$1"
