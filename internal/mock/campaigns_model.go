package mock

import "github.com/promohq/promo/internal/content"

// FromCampaigns describes a site's campaigns (campaign.yaml) to the mock: id, API
// family, schedule and prize draw.
func FromCampaigns(cs []*content.Campaign) []Campaign {
	out := make([]Campaign, 0, len(cs))
	for _, c := range cs {
		m := Campaign{ID: c.ID, Family: c.API, ActStart: c.Schedule.Start, ActEnd: c.Schedule.End,
			EnrollStart: c.Schedule.EnrollStart, EnrollEnd: c.Schedule.EnrollEnd}
		if pd := c.Widgets.PrizeDraw; pd != nil {
			m.PrizeDraw = &PrizeDraw{ChancesPerUser: pd.ChancesPerUser}
			for _, p := range pd.Prizes {
				m.PrizeDraw.Prizes = append(m.PrizeDraw.Prizes, Prize{ID: p.ID, Name: p.Name, Weight: p.Weight})
			}
		}
		out = append(out, m)
	}
	return out
}
