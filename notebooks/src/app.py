# %%
import carnegie_lab.widgets

# Built before the page is requested (in a preheated kernel), on the store `carnegie-lab app --store` names.
app = carnegie_lab.widgets.app_dashboard()

# %%
# The page's address picks the stored game (?game=ID, plus &seat=KEY in a friend's seat link);
# a preheated kernel waits here for the page's request.
app.open_page(carnegie_lab.widgets.page_query())
app
