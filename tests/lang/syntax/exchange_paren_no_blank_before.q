% run: dump
% pins: '<-' directly followed by '(' is a compare-exchange even without a blank before '<-'
a[1]<-(e, n)
% expect: (<- (index a 1) (tuple e n))
