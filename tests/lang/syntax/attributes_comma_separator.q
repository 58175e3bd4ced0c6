% run: dump
% pins: attribute settings may also be separated by commas
{!kernel name="k", target="gpu"}
% expect: {!kernel name="k" target="gpu"}
