/** What the complete page shows for one application received. */
export interface Receipt {
  /** The applicant id given by the server. */
  readonly applicationReference: string;
  /** The group id shared by the applications sent together. */
  readonly groupRef: string;
  /** "family, given". */
  readonly workerName: string;
  readonly sponsorEmail: string;
  readonly cosReference: string;
}
