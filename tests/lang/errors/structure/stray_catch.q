% 'catch' without a 'try'.
% run: parse
% expect error: line 4: 'catch' without a matching 'try'
catch err
